using System.Diagnostics;
using Npgsql;
using RpcCompare.Data.Queries;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.UnitTests.Measurement.Counters;

/// <summary>The host timings as the load client reads them, and the database failures as the hosts name them.</summary>
public sealed class ServerTimingTests
{
    private static readonly long Second = Stopwatch.Frequency;

    [Fact]
    public void QuantilesAreReadInTheInvariantCulture()
    {
        var quantiles = MetricsPayload.ParseQuantiles("0.5=0.012;0.95=0.3;0.99=4.1E-01;junk;0.999=NaN");

        Assert.Equal(new Dictionary<double, double> { [0.5] = 0.012, [0.95] = 0.3, [0.99] = 0.41 }, quantiles);
    }

    [Theory]
    [InlineData(ServerMetrics.MeterName, ServerMetrics.QueryDurationName, "", ServerTiming.Query)]
    [InlineData(ServerMetrics.MeterName, ServerMetrics.RequestDurationName, "", ServerTiming.Request)]
    [InlineData(ServerMetrics.MeterName, ServerMetrics.FirstBatchDurationName, "", ServerTiming.FirstBatch)]
    [InlineData(ServerMetrics.MeterName, ServerMetrics.WriteWaitDurationName, "", ServerTiming.WriteWait)]
    [InlineData(ServerMetrics.AspNetCoreMeterName, ServerMetrics.AspNetCoreRequestDuration,
        "http.request.method=GET,http.response.status_code=200,http.route=/api/nodes/{id}/links", ServerTiming.Request)]
    [InlineData(ServerMetrics.AspNetCoreMeterName, ServerMetrics.AspNetCoreRequestDuration,
        "http.response.status_code=503,http.route=/api/nodes/{id}/links", null)]
    [InlineData(ServerMetrics.AspNetCoreMeterName, ServerMetrics.AspNetCoreRequestDuration,
        "http.response.status_code=200,http.route=/grpc.health.v1.Health/Check", null)]
    [InlineData("Some.Other.Meter", ServerMetrics.QueryDurationName, "", null)]
    public void EachInstrumentIsOneTiming(string meter, string instrument, string tags, ServerTiming? expected)
    {
        Assert.Equal(expected, MetricsPayload.TimingOf(meter, instrument, tags));
    }

    [Fact]
    public void TheSessionAsksForEveryInstrumentOfTheProjectMeter()
    {
        // A bare meter name enables all its instruments, the write wait among them ("Meter\instrument" would enable one).
        Assert.Contains(ServerMetrics.MeterName, MetricsPayload.Filter.Split(';'));
    }

    [Fact]
    public void IntervalsOfUpToThreeCallsAreRebuiltExactly()
    {
        // 10, 20 and 60 ms: the event source gives count 3, sum 0.09, p50 0.02 and p99 0.06.
        var values = new List<double>();
        ServerTimingWindow.Rebuild(Reading(0, 3, 0.09, 0.02, 0.06, 0.06), values);
        ServerTimingWindow.Rebuild(Reading(0, 1, 0.005, 0.005, 0.005, 0.005), values);

        Assert.Equal([0.005, 0.01, 0.02, 0.06], values.Order().Select(v => Math.Round(v, 9)));
    }

    [Fact]
    public void ALargerIntervalKeepsItsSumMedianAndTail()
    {
        var values = new List<double>();
        ServerTimingWindow.Rebuild(Reading(0, 100, 100 * 0.012, 0.010, 0.020, 0.030), values);

        Assert.Equal(100, values.Count);
        Assert.Equal(1.2, values.Sum(), 6);
        var sorted = values.Order().ToList();
        Assert.Equal(0.010, (sorted[49] + sorted[50]) / 2, 4);
        Assert.Equal(0.030, values.Max(), 6);
        Assert.All(values, v => Assert.True(v >= 0));
    }

    [Fact]
    public void TheWindowTakesTheIntervalsWhoseMiddleItHolds()
    {
        // Intervals of 0.1 s ending at 1.0, 1.1 and 1.2 s: slow, fast, slow.
        ServerTimingReading[] readings =
        [
            Reading(Second, 10, 10 * 0.5, 0.5, 0.5, 0.5),
            Reading(Second * 11 / 10, 10, 10 * 0.001, 0.001, 0.001, 0.001),
            Reading(Second * 12 / 10, 10, 10 * 0.5, 0.5, 0.5, 0.5),
        ];

        var wide = ServerTimingWindow.Summarize(readings, ServerTiming.Request, Second * 102 / 100, Second * 108 / 100)!;
        var narrow = ServerTimingWindow.Summarize(readings, ServerTiming.Request, Second * 101 / 100, Second * 102 / 100)!;

        Assert.Equal(10, wide.Count);
        Assert.Equal(1, wide.P50, 6);
        Assert.Equal(1, wide.Mean, 6);
        Assert.Equal(10, narrow.Count);
        Assert.Null(ServerTimingWindow.Summarize(readings, ServerTiming.Query, 0, Second * 2));
    }

    [Fact]
    public void DerivedPartsNeverGoBelowZero()
    {
        var split = LatencySplit.From(client: 2.0, server: 2.3, database: 2.5);

        Assert.Equal(0, split.ServerWork);
        Assert.Equal(0, split.AfterServer);
        Assert.Equal(2.5, split.Database);
    }

    [Fact]
    public void NpgsqlPoolExhaustionAndTimeoutsAreNamedThroughEfCoresWrapper()
    {
        var pool = new InvalidOperationException("An exception has been raised that is likely due to a transient failure.",
            new NpgsqlException("The connection pool has been exhausted, either raise 'Max Pool Size' (currently 100) or 'Timeout' (currently 15 seconds) in your connection string.",
                new TimeoutException()));
        var connect = new InvalidOperationException("transient", new NpgsqlException("The operation has timed out", new TimeoutException()));
        var cancelled = new PostgresException("canceling statement due to statement timeout", "ERROR", "ERROR", PostgresErrorCodes.QueryCanceled);

        Assert.Equal(FailureCauses.DbPool, DatabaseFailures.CauseOf(pool));
        Assert.Equal(FailureCauses.DbTimeout, DatabaseFailures.CauseOf(connect));
        Assert.Equal(FailureCauses.DbTimeout, DatabaseFailures.CauseOf(cancelled));
        Assert.Null(DatabaseFailures.CauseOf(new InvalidOperationException("a bug")));
        Assert.Null(DatabaseFailures.CauseOf(new NpgsqlException("connection refused")));
    }

    [Fact]
    public void EveryCauseAHostNamesIsAnErrorKindOfTheResults()
    {
        foreach (var cause in FailureCauses.All)
        {
            Assert.Equal(cause, ErrorKinds.FromCause(cause)!.Value.ToWireName());
            Assert.Contains(cause, ResultsFormat.ErrorKinds.All);
        }

        Assert.Equal("DB_POOL", FailureCauses.GraphQlCode(FailureCauses.DbPool));
        Assert.Equal(FailureCauses.DbTimeout, FailureCauses.FromGraphQlCode("DB_TIMEOUT"));
        Assert.Null(FailureCauses.FromGraphQlCode("NOT_FOUND"));
        Assert.Null(ErrorKinds.FromCause("something-else"));
    }

    private static ServerTimingReading Reading(long timestamp, long count, double sum, double p50, double p95, double p99) =>
        new(timestamp, 0.1, ServerTiming.Request, ServerMetrics.RequestDurationName, count, sum, p50, p95, p99);
}
