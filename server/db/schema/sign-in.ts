// Tables of the sign-in area; see the module for their rules.
export {};
