using RpcCompare.Definitions;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Reports.Charts;
using RpcCompare.Reports.Results;
using Stacks = RpcCompare.LoadClient.Hosts.Stacks;

namespace RpcCompare.UnitTests.Runs;

public class StackCatalogTests
{
    [Fact]
    public void ResultsClientAndChartsAllReadTheOneDefinition()
    {
        Assert.Equal(["grpc", "wcf", "rest", "graphql"], StackCatalog.Ids);
        Assert.Equal(StackCatalog.Ids, ResultsFormat.Stacks.All);
        Assert.Equal(StackCatalog.Ids, Stacks.All);
        Assert.All(StackCatalog.All, s => Assert.Equal(s.DisplayName, StackStyle.DisplayName(s.Id)));
        Assert.All(StackCatalog.All, s => Assert.Equal(s.DisplayName, Stacks.DisplayName(s.Id)));
        Assert.All(StackCatalog.All, s => Assert.Equal((s.Streaming, s.SingleRequestPage), (StackTraits.Of(s.Id).Streaming, StackTraits.Of(s.Id).SingleRequestPage)));
    }

    [Fact]
    public void EveryStackHasItsOwnDefaultPort()
    {
        Assert.Equal(StackCatalog.All.Count, StackCatalog.All.Select(s => s.DefaultPort).Distinct().Count());
    }

    [Fact]
    public void AnUnknownIdIsNamedAndOlderResultsKeepTheirOwnName()
    {
        Assert.Null(StackCatalog.Find("soap"));
        Assert.Equal("soap", StackCatalog.DisplayName("soap"));
        Assert.Contains("'soap' is not a stack", Assert.Throws<ArgumentException>(() => StackCatalog.Get("soap")).Message);
    }
}
