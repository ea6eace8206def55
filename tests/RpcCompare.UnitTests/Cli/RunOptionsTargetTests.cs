using System.CommandLine;
using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Cli;
using RpcCompare.LoadClient.Runs;

namespace RpcCompare.UnitTests.Cli;

public class RunOptionsTargetTests
{
    [Fact]
    public void TargetsAloneNameTheStacksToMeasure()
    {
        var settings = Bind("--target", "wcf-http=http://127.0.0.1:7907/graph", "--target", "grpc=http://127.0.0.1:7901");

        Assert.Equal(["grpc", "wcf-http"], settings.Stacks);
    }

    [Fact]
    public void AStackListedWithoutItsTargetIsRefused()
    {
        var e = Assert.Throws<UserFacingException>(() => Bind("--stacks", "grpc,rest", "--target", "grpc=http://127.0.0.1:7901"));

        Assert.Contains("but not for rest", e.Message);
    }

    internal static RunSettings Bind(params string[] args)
    {
        var options = new RunOptions();
        var root = new RootCommand();
        options.AddTo(root);
        var result = root.Parse(["--scenario", "ping", .. args]);
        Assert.Empty(result.Errors);
        return options.Bind(result);
    }
}
