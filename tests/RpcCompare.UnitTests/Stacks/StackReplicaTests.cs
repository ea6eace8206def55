using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Cli;
using RpcCompare.LoadClient.Scenarios;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.UnitTests.Stacks;

public class StackReplicaTests
{
    [Fact]
    public void AReplicaIsAnEntryOfItsOwnBesideItsStack()
    {
        Assert.Equal(["grpc", "grpc.replica2"], StackList.Parse("grpc,grpc#2", allowReplicas: true));
        Assert.Equal(["rest", "rest.replica3", "grpc"], StackList.Parse("REST, rest#3, grpc", allowReplicas: true));
        Assert.Equal(["grpc", "grpc.replica2"], StackList.Parse("grpc,grpc.replica2", allowReplicas: true));
    }

    [Fact]
    public void TheReplicaIdIsAResultsNameAndAFileName()
    {
        var id = StackList.Parse("grpc-codefirst,grpc-codefirst#2", allowReplicas: true)[1];

        Assert.Equal("grpc-codefirst.replica2", id);
        Assert.Equal(id, ResultFileNames.Sanitize(id));
        Assert.Equal("intervals-grpc-codefirst.replica2-1-thread.hlog", ResultFileNames.IntervalLog(id, "1-thread"));
        Assert.Equal("grpc-codefirst", StackReplica.BaseOf(id));
        Assert.Equal("grpc-codefirst#2", StackReplica.CommandLineName(id));
    }

    [Fact]
    public void EveryOutputNamesItAReplica()
    {
        Assert.Equal("gRPC (replica 2)", StackCatalog.DisplayName("grpc.replica2"));
        Assert.Equal("gRPC code-first (replica 9)", StackCatalog.DisplayName("grpc-codefirst.replica9"));
        Assert.Equal("gRPC (replica 2) (stream)", RpcCompare.Reports.Charts.StackStyle.DisplayName("grpc.replica2", "stream"));
        // Not a replica of a catalog stack: shown as it is, like any unknown name.
        Assert.Equal("soap.replica2", StackCatalog.DisplayName("soap.replica2"));
        Assert.Null(StackCatalog.Find("grpc.replica2"));
    }

    [Fact]
    public void AReplicaHasItsStacksVariants()
    {
        var replica = StackTraits.Of("rest.replica2");
        var stack = StackTraits.Of("rest");

        Assert.Equal(stack, replica);
        Assert.True(replica.Streaming);
    }

    [Theory]
    [InlineData("grpc#2", "--stacks names grpc#2 but not grpc: a replica is measured beside its stack")]
    [InlineData("grpc,grpc#1", "'grpc#1': a replica is numbered 2 to 9 (grpc#2); grpc itself is its first.")]
    [InlineData("grpc,grpc#10", "'grpc#10': a replica is numbered 2 to 9")]
    [InlineData("grpc,grpc#02", "'grpc#02': a replica is numbered 2 to 9")]
    [InlineData("grpc,soap#2", "'soap#2' is a replica of an unknown stack 'soap'")]
    [InlineData("grpc,grpc#2,grpc.replica2", "--stacks names a stack twice")]
    [InlineData("grpc,grpc.replica1", "Unknown stack 'grpc.replica1'")]
    public void AWrongReplicaIsRefusedByName(string list, string expected)
    {
        var error = Assert.Throws<UserFacingException>(() => StackList.Parse(list, allowReplicas: true));

        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("grpc,grpc#2")]
    [InlineData("grpc,grpc.replica2")]
    public void WhereEachNameIsOneHostAReplicaIsRefused(string list)
    {
        var error = Assert.Throws<UserFacingException>(() => StackList.Parse(list));

        Assert.Contains("is a replica entry, which only a run's --stacks takes", error.Message, StringComparison.Ordinal);
        Assert.Contains("is a replica entry", Assert.Throws<UserFacingException>(() => StackList.ParseTargets(["grpc#2=http://127.0.0.1:1"])).Message,
            StringComparison.Ordinal);
    }
}
