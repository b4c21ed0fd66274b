"""The rally scorekeeper: an official's event, its entries and sheets, and passing events
between devices."""
