#!/usr/bin/env python3
"""Validates scenario YAML (files, folders, or the worked example of a README.md)
against oracle/schemas/scenario.schema.json. Used by ctest (tests/CMakeLists.txt).
Usage: validate_schema.py SCHEMA PATH..."""
import json
import pathlib
import re
import sys

import jsonschema
import yaml


def documents(path):
    text = path.read_text()
    if path.suffix == ".md":
        blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
        text = "\n".join(b for b in blocks if re.search(r"^id: ", b, re.M))
    return [d for d in yaml.safe_load_all(text) if d is not None]


def main():
    schema = json.loads(pathlib.Path(sys.argv[1]).read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    files = []
    for arg in sys.argv[2:]:
        p = pathlib.Path(arg)
        files += sorted(p.rglob("*.yaml")) if p.is_dir() else [p]
    errors = checked = 0
    for f in files:
        for doc in documents(f):
            checked += 1
            for e in validator.iter_errors(doc):
                errors += 1
                print(f"{f}: {doc.get('id')}: {list(e.absolute_path)}: {e.message[:300]}")
    print(f"{checked} documents, {errors} schema errors")
    return 1 if errors or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
