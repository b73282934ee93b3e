#!/usr/bin/env python3
"""Divider settings of an ECP5 EHXPLLL (feedback from CLKOP) for a target
output frequency: prints CLKI_DIV CLKFB_DIV CLKOP_DIV CLKOP_CPHASE and the
frequency actually reached, in MHz.

Limits from the ECP5 family data sheet: PFD 3.125..400 MHz, VCO 400..800 MHz,
output 3.125..400 MHz. Among exact or closest settings the one whose VCO is
nearest 600 MHz (the middle of the range) wins.
"""
import sys


def solve(fin, fout):
    best = None
    for clki in range(1, 129):
        pfd = fin / clki
        if not 3.125 <= pfd <= 400:
            continue
        for clkfb in range(1, 81):
            f = pfd * clkfb
            if not 3.125 <= f <= 400:
                continue
            for clkop in range(1, 129):
                vco = f * clkop
                if not 400 <= vco <= 800:
                    continue
                key = (abs(f - fout), abs(vco - 600))
                if best is None or key < best[0]:
                    best = (key, clki, clkfb, clkop, f)
    return best


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: ecp5_pll.py IN_MHZ OUT_MHZ")
    try:
        fin, fout = float(sys.argv[1]), float(sys.argv[2])
    except ValueError:
        sys.exit("ecp5_pll.py: frequencies must be numbers (MHz)")
    best = solve(fin, fout)
    if best is None:
        sys.exit(f"ecp5_pll.py: no EHXPLLL setting makes {fout} MHz from {fin} MHz")
    _, clki, clkfb, clkop, f = best
    if abs(f - fout) / fout > 0.01:
        sys.exit(f"ecp5_pll.py: closest is {f:.3f} MHz, more than 1% from {fout} MHz")
    print(clki, clkfb, clkop, clkop - 1, f"{f:.6g}")


if __name__ == "__main__":
    main()
