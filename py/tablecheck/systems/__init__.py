"""Games not yet moved to `tablecheck.games` (issue 26); the registry is
`tablecheck.games`."""
