"""The house rules screen: a club's own rule sets, made from a printed sheet, kept on the
device, shared by file and QR code (bones.house; the list is app.shared.house_store)."""
