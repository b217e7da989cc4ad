// Tables of the account area; see the module for their rules.
export {};
