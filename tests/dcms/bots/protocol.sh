# Sourced by the fake bots in this folder: reading and answering the lab's line protocol
# (engines/dcms/protocol.hpp). A setup request is "setup SIDE ROWS COLS VARIANT" and ROWS board lines;
# a move request is "move SIDE ROWS COLS TURN" and ROWS + 1 more lines.

# skip_lines N: reads N lines of standard input and drops them.
skip_lines() {
  i=0; while [ "$i" -lt "$1" ]; do IFS= read -r _; i=$((i + 1)); done
}

# place SIDE ROWS COLS VARIANT: reads the board (ROWS lines) and answers a legal placement for SIDE:
# its pieces in column 1 (blue, side 0) or cols-2 (red), rows 1-3.
place() {
  skip_lines "$2"
  if [ "$1" = 0 ]; then c=1; else c=$(($3 - 2)); fi
  if [ "$4" = mouse ]; then echo "((1, $c), (2, $c))"; else echo "((1, $c), (2, $c), (3, $c), (3, $c))"; fi
}

# skip_position ROWS: reads the rest of a move request (ROWS + 1 lines).
skip_position() {
  skip_lines $(($1 + 1))
}
