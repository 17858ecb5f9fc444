"""[ax]'s printed tables (seed 003), as printed: the book's success-chance
table has wrong cells; gm_table.py computes it exactly and flags where the
printed values differ."""

# The printed GM table (percent as printed; marks as printed). The book gives
# no legend for the marks; they sit on the mode (*) and on the mean rounded
# to the nearest total (**) of each column, both (***) for 2d10 at 11.
BOOK_TABLE = {
    2: {20: "1", 19: "3", 18: "6", 17: "10", 16: "15", 15: "21", 14: "28",
        13: "34", 12: "23", 11: "33", 10: "55"},
    3: {20: "2.8", 19: "7.9", 18: "12.1", 17: "20.5", 16: "29.9", 15: "39.8",
        14: "49.8", 13: "59.4", 12: "68.2", 11: "75.7", 10: "81.8"},
    4: {20: "5.2", 19: "13.9", 18: "24.8", 17: "36.6", 16: "48.5", 15: "59.7",
        14: "69.7", 13: "78.0", 12: "84.7", 11: "89.7", 10: "93.4"},
}
BOOK_MARKS = {(2, 11): "***", (3, 14): "*", (3, 13): "**", (4, 16): "*", (4, 15): "**"}
# The book's skip-check table (number of dice -> skip when difficulty < value).
BOOK_SKIP = {3: 5, 4: 7, 5: 9, 6: 10, 7: 11}
