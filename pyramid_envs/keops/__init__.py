"""Keops (Ediciones MasQueOca, 2023): worker placement and pyramid building for 2-4 Viziers.

Component data lives in `spec.py` (see docs/rules/keops.md); the rules kernels and the
`GAME` descriptor come later (issue 5).
"""
