using RpcCompare.Reports.Charts;
using RpcCompare.Reports.Reporting;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Reports.Reporting;

/// <summary>The overload report's chart and table: one p99 line per stack against offered load on a log latency axis.</summary>
public sealed class OverloadSectionTests
{
    [Fact]
    public void TheChartHasOneP99LinePerStackOnALogAxis()
    {
        var ramps = new[] { Ramp("grpc", 2, 3, 50), Ramp("rest", 2, null, 4) };

        var chart = OverloadSection.Chart("overload", ramps);

        Assert.Equal(AxisScale.Log10, chart.Y.Scale);
        var lines = chart.Series.Cast<LineSeries>().ToList();
        Assert.Equal(["gRPC", "REST"], lines.Select(l => l.Label));
        Assert.Equal([(100.0, 2.0), (200.0, 3.0), (400.0, 50.0)], lines[0].Points);
        Assert.True(double.IsNaN(lines[1].Points[1].Y));
        Assert.Equal(["gRPC knee: 400 req/s"], chart.Notes);
    }

    [Fact]
    public void TheTableMarksTheKneeAndAStepWithoutCalls()
    {
        var table = OverloadSection.Table([Ramp("grpc", 2, 3, 50), Ramp("rest", 2, null, 4)]).ToMarkdown();

        Assert.Contains("| gRPC | 200% (knee) | 400 |", table, StringComparison.Ordinal);
        Assert.Contains("| REST | 100% | 200 | 0.0 | — | — | — | — | — |", table, StringComparison.Ordinal);
    }

    private static StackRamp Ramp(string stack, params double?[] p99)
    {
        var steps = p99.Select((p, i) => p is { } ms
            ? new OverloadPoint(50 * (1 << i), 100 * (1 << i), 100 * (1 << i), 100, new Dictionary<string, long>(), ms / 2, ms, ms * 2)
            : new OverloadPoint(50 * (1 << i), 100 * (1 << i), 0, 0, new Dictionary<string, long>(), null, null, null)).ToList();
        var probe = new CapacityProbe { Stack = stack, Threads = 10, CapacityRps = 200, Requests = 600, Errors = 0, Seconds = 3, Steps = [] };
        return new StackRamp(stack, probe, steps, OverloadKnee.Find(steps));
    }
}
