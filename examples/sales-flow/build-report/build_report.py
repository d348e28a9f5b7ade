import os
import sys

regions = [r.strip() for r in os.getenv("REGIONS", "").split(",") if r.strip()]
if not regions:
    print("REGIONS is empty", file=sys.stderr)
    sys.exit(1)

print(f"Building the sales report for {', '.join(regions)}")
# ... read the loaded data and write the report here ...
print(f"Report ready for {len(regions)} regions")
