"""Game-neutral drawing helpers: safe SVG building, intersection boards, text diagrams."""
