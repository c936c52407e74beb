"""The language server (`type-equiv lsp`): findings as diagnostics while docs are edited, the sync as
a code action, and navigation from a paste to its source.

One module per concern: `checker.py` (the project read through the editor's buffers), `diagnostics.py`
(findings → LSP diagnostics), `actions.py` (code actions as workspace edits), `navigation.py`
(definition, hover, links), `server.py` (pygls wiring, the debounce, error reporting). This package
sits at the top of the layers, beside `cli`; pygls is imported only when the `lsp` command runs.
"""
