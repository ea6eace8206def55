using HdrHistogram;
using RpcCompare.Reports.Results;

namespace RpcCompare.LoadClient.Merging;

/// <summary>Reads a trial's .hlog back into the interval histograms the client logged (Stopwatch ticks, each stamped
/// with its wall-clock bounds), which merge adds up and writes again.</summary>
internal static class IntervalLogReader
{
    public static List<HistogramBase> Read(string path)
    {
        if (!File.Exists(path))
        {
            throw new ResultsFormatException(path, "the interval log named by summary.json is missing.");
        }

        try
        {
            using var stream = File.OpenRead(path);
            using var reader = new HistogramLogReader(stream);
            return [.. reader.ReadHistograms()];
        }
        catch (Exception e) when (e is FormatException or InvalidOperationException or ArgumentException or IndexOutOfRangeException or OverflowException)
        {
            throw new ResultsFormatException(path, $"merge cannot read it as an HdrHistogram interval log ({e.Message}).");
        }
    }
}
