"""Shareable exports of a sync: images, caption, web page, poster, history and publishing.

Every format renders from the same output tables (`league.sheet.Sheet`) that a sync writes to the
workbook and stores in the history, so what is shown always matches the standings."""
