using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging.Abstractions;
using RpcCompare.Data;
using RpcCompare.Server.Common;
using RpcCompare.Server.GraphQl;

namespace RpcCompare.IntegrationTests.Abuse;

/// <summary>The GraphQL host's degree table when the database cannot be reached at start (in-process, no database).</summary>
public sealed class DegreeBoundsLoaderTests
{
    [Fact]
    public async Task AnUnreachableDatabaseLeavesTheConservativeBound()
    {
        await using var provider = new ServiceCollection()
            .AddGraphData("Host=127.0.0.1;Port=1;Database=none;Username=none;Timeout=2")
            .BuildServiceProvider();
        var bounds = new DegreeBounds();
        var configuration = new HostConfiguration();
        using var loader = new DegreeBoundsLoader(bounds, provider.GetRequiredService<IDbContextFactory<GraphDb>>(), configuration,
            NullLogger<DegreeBoundsLoader>.Instance);

        await loader.StartAsync(default);
        await loader.StopAsync(default);

        Assert.False(bounds.IsLoaded);
        Assert.Equal(DegreeBounds.FallbackMaxDegree, bounds.BoundOf(12_345));
        Assert.Equal($"{GraphCost.MaxComplexityFor(DegreeBounds.FallbackMaxDegree):N0}",
            configuration.Entries.Single(e => e.Key == "max complexity (this dataset)").Value);
        Assert.StartsWith("not loaded", configuration.Entries.Single(e => e.Key == "degree table").Value, StringComparison.Ordinal);
    }

    [Fact]
    public void NodesOutsideTheTableAreBoundedByTheThreshold()
    {
        var bounds = new DegreeBounds();

        bounds.Load([KeyValuePair.Create(1L, 1_000), KeyValuePair.Create(2L, 523)]);

        Assert.Equal((1_000, 523, DegreeBounds.Threshold, 1_000, 2), (bounds.BoundOf(1), bounds.BoundOf(2), bounds.BoundOf(3), bounds.MaxDegree, bounds.Count));
    }
}
