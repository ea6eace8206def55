namespace RpcCompare.Reports.Charts;

/// <summary>A chart that renders itself as one standalone SVG document.</summary>
public interface IChart
{
    /// <summary>Unique within a report; used for element ids and the PNG file name.</summary>
    string Id { get; }

    string Title { get; }

    /// <summary>Deterministic SVG text: the same chart always gives the same bytes.</summary>
    string ToSvg();
}
