using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Cli;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Stacks;

namespace RpcCompare.UnitTests.Stacks;

public class StackCatalogTests
{
    [Fact]
    public void TheScenariosReadTheOneDefinition()
    {
        Assert.Equal(["grpc", "wcf", "rest", "graphql", "grpc-codefirst", "grpc-json", "wcf-http", "grpc-web"], StackCatalog.Ids);
        Assert.All(StackCatalog.All, s => Assert.Equal((s.Streaming, s.SingleRequestPage), (StackTraits.Of(s.Id).Streaming, StackTraits.Of(s.Id).SingleRequestPage)));
    }

    [Fact]
    public void TheStacksOptionKeepsTheCatalogIdsInTheOrderGiven()
    {
        Assert.Equal(["rest", "grpc"], StackList.Parse("REST, grpc"));
        Assert.Contains("Unknown stack 'soap'", Assert.Throws<UserFacingException>(() => StackList.Parse("grpc,soap")).Message);
        Assert.Contains("names a stack twice", Assert.Throws<UserFacingException>(() => StackList.Parse("grpc,grpc")).Message);
        Assert.Contains("at least one of grpc, wcf, rest, graphql, grpc-codefirst, grpc-json, wcf-http, grpc-web", Assert.Throws<UserFacingException>(() => StackList.Parse(" , ")).Message);
    }

    [Fact]
    public void ARunWithoutStacksMeasuresTheStudysFour()
    {
        Assert.Equal(["grpc", "wcf", "rest", "graphql"], StackCatalog.DefaultIds);
        Assert.Equal(StackCatalog.DefaultIds, StackCatalog.Ids.Take(StackCatalog.DefaultIds.Count));
    }

    [Theory]
    [InlineData(StackCatalog.GrpcJson, "gRPC JSON", 7006, true, "grpc-json,rest")]
    [InlineData(StackCatalog.WcfHttp, "WCF HTTP", 7007, false, "wcf-http,wcf")]
    [InlineData(StackCatalog.GrpcWeb, "gRPC-Web", 7008, true, "grpc-web,rest")]
    public void TheRoadsOverHttpRunOnlyWhenNamed(string id, string name, int port, bool streaming, string stacks)
    {
        var stack = StackCatalog.Get(id);

        Assert.Equal((name, port, streaming, false), (stack.DisplayName, stack.DefaultPort, stack.Streaming, stack.SingleRequestPage));
        Assert.Equal(("http", EndpointNames.Http, null), (stack.Scheme, stack.Endpoint, stack.Http2Endpoint));
        Assert.False(stack.InDefaultRun);
        Assert.Equal(stacks.Split(','), StackList.Parse(stacks));
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
