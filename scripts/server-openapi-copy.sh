#!/bin/bash
# Copies Server/Sources/ReportServer/openapi.yaml into OpenAPIDocument.swift, the text the server
# serves at /openapi.yaml (RouterTests checks the two are equal).
set -euo pipefail
cd "$(dirname "$0")/../Server/Sources/ReportServer"
{
  echo '/// openapi.yaml, the document the routes are generated from, as /openapi.yaml serves it: a'
  echo '/// copy, since a resource bundle cannot sit beside the generated code'"'"'s `package` imports; a'
  echo '/// router test keeps it equal to the file byte for byte (`scripts/server-openapi-copy.sh` makes it).'
  echo 'enum OpenAPIDocument {'
  echo '    static let text = #"""'
  cat openapi.yaml
  echo
  echo '"""#'
  echo '}'
} > OpenAPIDocument.swift
