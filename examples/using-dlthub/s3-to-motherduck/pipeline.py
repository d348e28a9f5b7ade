"""Loads CSV files from an S3 bucket into a MotherDuck database with dlt."""
import os

import dlt
from dlt.sources.filesystem import filesystem, read_csv

import tower
from settings import load_settings


def main():
    settings = load_settings(tower.parameter("WRITE_DISPOSITION"), tower.parameter("MERGE_KEY"))
    # The MotherDuck token arrives as DESTINATION__MOTHERDUCK__CREDENTIALS__PASSWORD
    # (from a dlt.* secret); the database comes from a parameter.
    os.environ["DESTINATION__MOTHERDUCK__CREDENTIALS__DATABASE"] = tower.parameter("TARGET_DATABASE")

    files = filesystem(bucket_url=tower.parameter("BUCKET_URL"), file_glob=tower.parameter("FILE_GLOB"))
    rows = (files | read_csv()).with_name(tower.parameter("TARGET_TABLE_NAME"))
    if settings["merge_key"]:
        rows.apply_hints(merge_key=settings["merge_key"])

    pipeline = dlt.pipeline(
        pipeline_name="s3_to_motherduck",
        destination="motherduck",
        dataset_name=tower.parameter("TARGET_SCHEMA_NAME"),
    )
    print(pipeline.run(rows, write_disposition=settings["write_disposition"]))


if __name__ == "__main__":
    main()
