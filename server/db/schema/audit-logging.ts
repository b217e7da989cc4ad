// Tables of the audit-logging area; see the module for their rules.
export {};
