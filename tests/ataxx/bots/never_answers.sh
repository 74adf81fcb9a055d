#!/bin/sh
# A UAI engine that reads everything and answers nothing (with "go": it completes the handshake, then
# never answers a go).
while IFS= read -r line; do
  if [ "$1" = go ]; then
    case "$line" in
      uai) echo "id name never answers"; echo "uaiok" ;;
      isready) echo "readyok" ;;
    esac
  fi
done
