using System.Globalization;

namespace RpcCompare.UnitTests.Support;

/// <summary>Reads HdrHistogram's percentile distribution text back, as a plotter would.</summary>
internal sealed record HgrmFile(
    IReadOnlyList<HgrmRow> Rows,
    double Mean,
    double StdDeviation,
    double Max,
    long TotalCount,
    int Buckets,
    int SubBuckets)
{
    public static HgrmFile Parse(string text)
    {
        var lines = text.Split('\n');
        Assert.Equal("       Value     Percentile TotalCount 1/(1-Percentile)", lines[0]);
        Assert.Equal(string.Empty, lines[1]);
        Assert.Equal(string.Empty, lines[^1]);

        var rows = new List<HgrmRow>();
        int index = 2;
        for (; !lines[index].StartsWith("#[", StringComparison.Ordinal); index++)
        {
            var cells = lines[index].Split(' ', StringSplitOptions.RemoveEmptyEntries);
            Assert.InRange(cells.Length, 3, 4);
            rows.Add(new HgrmRow(
                double.Parse(cells[0], CultureInfo.InvariantCulture),
                double.Parse(cells[1], CultureInfo.InvariantCulture),
                long.Parse(cells[2], CultureInfo.InvariantCulture),
                cells.Length == 4 ? double.Parse(cells[3], CultureInfo.InvariantCulture) : null));
        }

        var (mean, std) = Footer(lines[index], "#[Mean    = ", ", StdDeviation   = ");
        var (max, total) = Footer(lines[index + 1], "#[Max     = ", ", Total count    = ");
        var (buckets, subBuckets) = Footer(lines[index + 2], "#[Buckets = ", ", SubBuckets     = ");
        Assert.Equal(index + 4, lines.Length);
        return new HgrmFile(rows, mean, std, max, (long)total, (int)buckets, (int)subBuckets);
    }

    private static (double First, double Second) Footer(string line, string start, string middle)
    {
        Assert.StartsWith(start, line, StringComparison.Ordinal);
        Assert.EndsWith("]", line, StringComparison.Ordinal);
        var parts = line[start.Length..^1].Split(middle);
        Assert.Equal(2, parts.Length);
        return (double.Parse(parts[0], CultureInfo.InvariantCulture), double.Parse(parts[1], CultureInfo.InvariantCulture));
    }
}

internal sealed record HgrmRow(double Value, double Percentile, long TotalCount, double? InverseTail);
