"""Independent audits of the engines against ``rules/`` (written from the spec, not the code)."""
