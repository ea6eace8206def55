namespace RpcCompare.Reports.Charts;

/// <summary>A chart the report shows: what to draw, not how. <see cref="ChartRenderer"/> draws it with ScottPlot.</summary>
public interface IChart
{
    /// <summary>Unique within a report; used for element ids and the PNG file name.</summary>
    string Id { get; }

    string Title { get; }

    /// <summary>One line under the title saying what is measured, or null.</summary>
    string? Subtitle { get; }

    /// <summary>Short remarks printed in the top-right corner of the plot, e.g. "wcf: no successful requests".</summary>
    IReadOnlyList<string> Notes { get; }
}
