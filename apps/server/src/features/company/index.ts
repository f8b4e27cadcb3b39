/** The company feature's public surface: nothing yet; the company settings are reached over HTTP only. */
export {};
