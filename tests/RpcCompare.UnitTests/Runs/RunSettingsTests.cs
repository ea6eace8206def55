using RpcCompare.Data.Generation;
using RpcCompare.LoadClient.Placement;
using RpcCompare.LoadClient.Runs;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Runs;

/// <summary>One run's settings handed to each consumer: the defaults and overrides each of them sees.</summary>
public sealed class RunSettingsTests
{
    private static readonly Variant Stream = new("stream", Threads: 10, Requests: 100, CallsPerUnit: 1, (_, _, _) => Task.CompletedTask);

    private static RunSettings Settings() => TestRunSettings.Create("worst-case", "grpc");

    [Fact]
    public void AVariantKeepsItsOwnLoadUnlessTheCommandLineGivesOne()
    {
        var plan = Settings().ToLoadPlan(Stream);
        Assert.Equal((10, 100L, (TimeSpan?)null), (plan.Threads, plan.Requests, plan.Duration));
        Assert.Equal(TimeSpan.FromSeconds(3), plan.Warmup);
        Assert.Equal(TimeSpan.FromSeconds(7), plan.RequestTimeout);
        Assert.Equal(DatasetSpec.Tiny.Seed, plan.Seed);

        Assert.Equal(5, (Settings() with { Requests = 5 }).ToLoadPlan(Stream).Requests);
        var timed = (Settings() with { Requests = 5, Duration = TimeSpan.FromSeconds(30) }).ToLoadPlan(Stream);
        Assert.Null(timed.Requests);
        Assert.Equal(TimeSpan.FromSeconds(30), timed.Duration);
        Assert.Equal(2.5, (Settings() with { Rate = 2.5 }).ToLoadPlan(Stream).Rate);
    }

    [Fact]
    public void ClientsAndHostsGetTheRunsLimits()
    {
        var settings = Settings() with
        {
            Threads = 3,
            RestHttp2 = true,
            QueryDelay = TimeSpan.FromMilliseconds(50),
            Placement = new CpuPlacement([0], [1], "test"),
        };

        var client = settings.ToClientOptions();
        Assert.Equal((TimeSpan.FromSeconds(7), 3, true), (client.RequestTimeout, client.Concurrency, client.Http2));
        Assert.Equal(Scenario.DefaultThreads, Settings().ToClientOptions().Concurrency);

        var host = settings.ToHostLaunch(allowWrites: true, "host.log");
        Assert.True(host.AllowWrites);
        Assert.Equal(12, host.DbPoolSize);
        Assert.Equal(TimeSpan.FromMilliseconds(50), host.QueryDelay);
        Assert.True(host.RestHttp2);
        Assert.Equal(TimeSpan.FromSeconds(9), host.StartTimeout);
        Assert.Equal([1], host.Cpus);
        Assert.Equal("host.log", host.LogPath);
    }
}
