"""Workbook backends: the `.xlsx` file and Google Sheets, behind one small interface."""
