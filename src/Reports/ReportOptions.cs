using RpcCompare.Reports.Statistics;

namespace RpcCompare.Reports;

/// <summary>Options of <see cref="ReportWriter"/>.</summary>
public sealed record ReportOptions
{
    /// <summary>Where report.html, summary.md and charts/ go; null writes them into the results folder.</summary>
    public string? OutputFolder { get; init; }

    /// <summary>The stack every other stack is compared with; null picks "wcf" when it has successful requests, else
    /// the first stack (in the manifest's stack order) that has.</summary>
    public string? Baseline { get; init; }

    public PngOptions Png { get; init; } = new();
    public BootstrapSettings Bootstrap { get; init; } = new();

    /// <summary>The verdict's equivalence margin (0.05: ±5%); null: the run's own --margin as its manifest records it, else
    /// <see cref="BootstrapSettings.EquivalenceMargin"/>.</summary>
    public double? Margin { get; init; }
}

/// <summary>Options of <see cref="CompareWriter"/>.</summary>
public sealed record CompareOptions
{
    public PngOptions Png { get; init; } = new();
    public BootstrapSettings Bootstrap { get; init; } = new();

    /// <summary>As <see cref="ReportOptions.Margin"/>; null: the later run's (B's) own --margin, else the default.</summary>
    public double? Margin { get; init; }
}

/// <summary>PNG export of each chart (drawn by ScottPlot), at slide size by default.</summary>
public sealed record PngOptions
{
    public bool Enabled { get; init; } = true;

    public int Width { get; init; } = 1600;
    public int Height { get; init; } = 900;
}

/// <summary>What a report or comparison wrote, and anything the user should be told (e.g. PNGs were skipped).</summary>
public sealed record ReportOutput(IReadOnlyList<string> Files, IReadOnlyList<string> Notices)
{
    /// <summary>The verdict, one line per answer, for the end of the console output.</summary>
    public IReadOnlyList<string> Verdict { get; init; } = [];

    /// <summary>The verdict as summary.md has it (Markdown tables), for a page that gathers several runs.</summary>
    public string VerdictMarkdown { get; init; } = "";
}
