"""Turn a pytest-benchmark JSON file into the markdown table of README.md.

    python benchmarks/report.py results.json

Per group: each entry's median; for a baseline run on a sample, the median
extrapolated to the full job (labelled); and each entry's time relative to the
group's fastest kernel.
"""

import json
import platform
import sys
from collections import defaultdict


def _format_seconds(seconds):
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.2f} µs"


def report(path):
    with open(path) as handle:
        data = json.load(handle)
    groups = defaultdict(list)
    for bench in data["benchmarks"]:
        groups[bench["group"] or bench["name"]].append(bench)
    machine = data.get("machine_info", {})
    lines = [
        f"Machine: {machine.get('cpu', {}).get('brand_raw', platform.processor())}, "
        f"{machine.get('cpu', {}).get('count', '?')} cores, Python {machine.get('python_version')}; "
        f"run {data.get('datetime', '')[:19]}",
        "",
        "| group | benchmark | median | full job (extrapolated from sample) | vs fastest kernel |",
        "| --- | --- | ---: | ---: | ---: |",
    ]
    for group, benches in groups.items():
        kernels = [b for b in benches if b["extra_info"].get("role") == "kernel"]
        fastest = min(b["stats"]["median"] for b in kernels) if kernels else None
        for bench in sorted(benches, key=lambda b: b["stats"]["median"] * b["extra_info"].get("scale", 1)):
            info = bench["extra_info"]
            median = bench["stats"]["median"]
            scale = info.get("scale", 1.0)
            full = median * scale
            details = {k: v for k, v in info.items() if k not in ("role", "scale")}
            label = bench["name"].removeprefix("test_")
            if details:
                label += " (" + ", ".join(f"{k}={v}" for k, v in details.items()) + ")"
            extrapolated = f"{_format_seconds(full)} (x{scale:.0f})" if scale != 1 else ""
            ratio = f"{full / fastest:,.1f}x" if fastest else ""
            lines.append(f"| {group} | {label} | {_format_seconds(median)} | {extrapolated} | {ratio} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(sys.argv[1] if len(sys.argv) > 1 else "results.json"))
