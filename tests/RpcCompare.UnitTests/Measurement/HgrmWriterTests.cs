using RpcCompare.Reports.Results;
using RpcCompare.LoadClient.Measurement;

namespace RpcCompare.UnitTests.Measurement;

public class HgrmWriterTests
{
    private const long OneHourInMicroseconds = 3_600_000_000;

    [Fact]
    public void FourValuesGiveHdrHistogramsExactText()
    {
        var histogram = new LatencyHistogram(OneHourInMicroseconds);
        foreach (long value in new long[] { 1, 2, 3, 4 })
        {
            histogram.Record(value);
        }

        string text = HgrmWriter.ToText(histogram, outputValueUnitScalingRatio: 1);

        string expected =
            "       Value     Percentile TotalCount 1/(1-Percentile)\n" +
            "\n" +
            "       1.000 0.000000000000          1           1.00\n" +
            "       1.000 0.100000000000          1           1.11\n" +
            "       1.000 0.200000000000          1           1.25\n" +
            "       2.000 0.300000000000          2           1.43\n" +
            "       2.000 0.400000000000          2           1.67\n" +
            "       2.000 0.500000000000          2           2.00\n" +
            "       3.000 0.550000000000          3           2.22\n" +
            "       3.000 0.600000000000          3           2.50\n" +
            "       3.000 0.650000000000          3           2.86\n" +
            "       3.000 0.700000000000          3           3.33\n" +
            "       3.000 0.750000000000          3           4.00\n" +
            "       4.000 0.775000000000          4           4.44\n" +
            "       4.000 1.000000000000          4\n" +
            "#[Mean    =        2.500, StdDeviation   =        1.118]\n" +
            "#[Max     =        4.000, Total count    =            4]\n" +
            "#[Buckets =           22, SubBuckets     =         2048]\n";
        Assert.Equal(expected, text);
    }

    [Fact]
    public void DistributionParsesBackToTheHistogramFigures()
    {
        var histogram = new LatencyHistogram(OneHourInMicroseconds);
        var random = new Random(3);
        for (int i = 0; i < 20_000; i++)
        {
            // Microseconds, mostly around 0.2-2 ms with a long tail.
            histogram.Record((long)(200 + (-Math.Log(1 - random.NextDouble()) * 400)));
        }

        var file = HgrmFile.Parse(HgrmWriter.ToText(histogram, outputValueUnitScalingRatio: 1000));

        Assert.Equal(histogram.TotalCount, file.TotalCount);
        Assert.Equal(histogram.MaxValue / 1000.0, file.Max, 3);
        Assert.Equal(histogram.Mean / 1000.0, file.Mean, 3);
        Assert.Equal(histogram.StdDeviation / 1000.0, file.StdDeviation, 3);
        Assert.Equal(histogram.BucketCount, file.Buckets);
        Assert.Equal(histogram.SubBucketCount, file.SubBuckets);

        Assert.Equal(0.0, file.Rows[0].Percentile);
        Assert.Equal(histogram.MinValue / 1000.0, file.Rows[0].Value, 3);
        var last = file.Rows[^1];
        Assert.Equal(1.0, last.Percentile);
        Assert.Null(last.InverseTail);
        Assert.Equal(histogram.TotalCount, last.TotalCount);
        Assert.Equal(histogram.MaxValue / 1000.0, last.Value, 3);

        for (int i = 1; i < file.Rows.Count; i++)
        {
            var (previous, row) = (file.Rows[i - 1], file.Rows[i]);
            Assert.True(row.Value >= previous.Value);
            Assert.True(row.Percentile > previous.Percentile);
            Assert.True(row.TotalCount >= previous.TotalCount);
            // Each row is the first value whose cumulative count reaches its percentile level.
            Assert.True(row.TotalCount >= row.Percentile * histogram.TotalCount);
            if (row.InverseTail is { } inverse)
            {
                Assert.Equal(Math.Round(1 / (1 - row.Percentile), 2), inverse, 2);
            }
        }

        // The row values are the histogram's own percentiles.
        foreach (var row in file.Rows.Where(r => r.Percentile > 0 && r.Percentile < 1))
        {
            long cumulative = histogram.RecordedValues()
                .Where(bucket => bucket.HighestValue / 1000.0 <= row.Value + 0.0005)
                .Sum(bucket => bucket.Count);
            Assert.Equal(cumulative, row.TotalCount);
        }
    }

    [Fact]
    public void EmptyHistogramHasHeaderAndFooterOnly()
    {
        var file = HgrmFile.Parse(HgrmWriter.ToText(new LatencyHistogram(OneHourInMicroseconds), 1000));

        Assert.Empty(file.Rows);
        Assert.Equal(0, file.TotalCount);
        Assert.Equal(0.0, file.Max);
    }

    [Fact]
    public void TicksArePrintedAsMilliseconds()
    {
        var histogram = new LatencyHistogram(LatencyUnits.TicksPerHour);
        long twoAndAHalfMs = LatencyUnits.ToTicks(TimeSpan.FromMilliseconds(2.5));
        histogram.Record(twoAndAHalfMs);

        var file = HgrmFile.Parse(HgrmWriter.ToText(histogram, LatencyUnits.TicksPerMillisecond));

        Assert.Equal(2.5, file.Max, 2);
        Assert.All(file.Rows, row => Assert.Equal(2.5, row.Value, 2));
    }

    [Fact]
    public async Task WritingAFileLeavesNoTemporaryBehind()
    {
        string folder = Directory.CreateTempSubdirectory("hgrm-").FullName;
        try
        {
            var histogram = new LatencyHistogram(OneHourInMicroseconds);
            histogram.Record(1234);
            string path = Path.Combine(folder, ResultFileNames.Histogram("grpc", "x=1000"));

            await HgrmWriter.WriteFileAsync(path, histogram, 1000);

            Assert.Equal(["grpc-x=1000.hgrm"], Directory.GetFiles(folder).Select(Path.GetFileName));
            Assert.Equal(1, HgrmFile.Parse(await File.ReadAllTextAsync(path)).TotalCount);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Theory]
    [InlineData("grpc", "", "latencies-grpc.csv", "grpc.hgrm")]
    [InlineData("rest", "100B", "latencies-rest-100b.csv", "rest-100b.hgrm")]
    [InlineData("wcf", "x=1000", "latencies-wcf-x=1000.csv", "wcf-x=1000.hgrm")]
    [InlineData("graphql", "1 thread/fat", "latencies-graphql-1-thread-fat.csv", "graphql-1-thread-fat.hgrm")]
    public void ResultFileNamesAreSanitised(string stack, string variant, string latencies, string histogram)
    {
        Assert.Equal(latencies, ResultFileNames.Latencies(stack, variant));
        Assert.Equal(histogram, ResultFileNames.Histogram(stack, variant));
    }
}
