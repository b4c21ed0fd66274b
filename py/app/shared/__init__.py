"""What every screen shares: the markup helpers, the dialogs, local storage, the keys,
the camera panel."""
