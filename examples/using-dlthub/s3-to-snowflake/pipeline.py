"""Loads CSV files from an S3 bucket into Snowflake with dlt."""
import os

import dlt
from dlt.sources.filesystem import filesystem, read_csv

import tower
from settings import load_settings


def main():
    settings = load_settings(
        tower.parameter("WRITE_DISPOSITION"),
        tower.parameter("REPLACE_STRATEGY"),
        tower.parameter("MERGE_KEY"),
    )
    # dlt reads the replace strategy from its [destination] configuration,
    # which this environment variable sets.
    os.environ["DESTINATION__REPLACE_STRATEGY"] = settings["replace_strategy"]

    # List the matching files in the bucket and parse each one as CSV.
    files = filesystem(bucket_url=tower.parameter("BUCKET_URL"), file_glob=tower.parameter("FILE_GLOB"))
    rows = (files | read_csv()).with_name(tower.parameter("TARGET_TABLE_NAME"))
    if settings["merge_key"]:
        rows.apply_hints(merge_key=settings["merge_key"])

    # dlt finds the credentials in DESTINATION__SNOWFLAKE__CREDENTIALS and
    # SOURCES__FILESYSTEM__CREDENTIALS__*, which Tower sets from dlt.* secrets.
    pipeline = dlt.pipeline(
        pipeline_name="s3_to_snowflake",
        destination="snowflake",
        dataset_name=tower.parameter("TARGET_SCHEMA_NAME"),
    )
    print(pipeline.run(rows, write_disposition=settings["write_disposition"]))


if __name__ == "__main__":
    main()
