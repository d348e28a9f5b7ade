/** The Towerfile the checker starts with (and "Load the example" restores): valid, and using every section. */
export const EXAMPLE = `[app]
name = "invoice-export"
script = "./export.py"
description = "Sends last month's invoices to the finance lakehouse"
source = [
  "./export.py",
  "./pyproject.toml",
  "./templates/*.sql",
]
import_paths = ["../common"]

[[parameters]]
name = "MONTHS_BACK"
description = "Whole months to export, counting back from this one"
default = "1"

[[parameters]]
name = "PARTNER_TOKEN"
description = "Token for the partner's invoice API"
hidden = true
`;
