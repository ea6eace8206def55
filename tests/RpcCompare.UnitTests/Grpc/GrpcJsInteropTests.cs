using System.Text.Json;
using Google.Protobuf.WellKnownTypes;
using RpcCompare.Protocols.Grpc;
using RpcCompare.Protocols.Grpc.Health;

namespace RpcCompare.UnitTests.Grpc;

/// <summary>Wire compatibility with a real gRPC implementation (grpc-js) in both directions.</summary>
public class GrpcJsInteropTests
{
    [GrpcJsInteropFact]
    public async Task GrpcJsClientCanCallOurServer()
    {
        GrpcJsInterop.EnsureAvailable();
        await using var server = await TestGrpcServer.StartAsync();

        var results = await GrpcJsInterop.RunClientAsync(server.Address);

        Assert.Equal(0, Code(results, "echo"));
        Assert.Equal("hello from grpc-js ✓", results.GetProperty("echo").GetProperty("response").GetProperty("value").GetString());
        Assert.Equal(0, Code(results, "bigEcho"));
        Assert.Equal(1024 * 1024, results.GetProperty("bigEcho").GetProperty("length").GetInt32());
        Assert.Equal((int)GrpcStatusCode.NotFound, Code(results, "fail"));
        Assert.Equal("node 42 is missing: 100% ✓", results.GetProperty("fail").GetProperty("details").GetString());
        Assert.Equal((int)GrpcStatusCode.Unimplemented, Code(results, "missing"));
        Assert.Equal((int)GrpcStatusCode.DeadlineExceeded, Code(results, "slow"));
        Assert.Equal(0, Code(results, "count"));
        Assert.Equal(1000, results.GetProperty("count").GetProperty("n").GetInt32());
        Assert.Equal(500_500, results.GetProperty("count").GetProperty("sum").GetInt64());
        Assert.Equal((int)GrpcStatusCode.Aborted, Code(results, "countThenFail"));
        Assert.Equal("stopped after 3", results.GetProperty("countThenFail").GetProperty("details").GetString());
        Assert.Equal([1, 2, 3], results.GetProperty("countThenFail").GetProperty("values").EnumerateArray().Select(v => v.GetInt32()));
        Assert.Equal(0, Code(results, "health"));
        Assert.Equal("SERVING", results.GetProperty("health").GetProperty("response").GetProperty("status").GetString());
        Assert.Equal((int)GrpcStatusCode.NotFound, Code(results, "healthUnknown"));
        Assert.Equal(0, Code(results, "afterErrors"));
    }

    [GrpcJsInteropFact]
    public async Task OurClientCanCallGrpcJsServer()
    {
        GrpcJsInterop.EnsureAvailable();
        await using var server = await GrpcJsInterop.StartServerAsync();
        using var channel = GrpcChannel.ForAddress(server.Address);

        var echo = await channel.UnaryAsync(TestService.Echo, new StringValue { Value = "hello from .NET ✓" });
        var blob = await channel.UnaryAsync(TestService.Bytes, new Int64Value { Value = 1024 * 1024 });
        var header = await channel.UnaryAsync(TestService.Header, new StringValue { Value = "x-trace-id" }, new GrpcCallOptions { Headers = [new("x-trace-id", "abc-123")] });
        var fail = await Assert.ThrowsAsync<GrpcException>(() => channel.UnaryAsync(TestService.Fail, new StringValue { Value = "PermissionDenied:no 100% ✓" }));
        var missing = await Assert.ThrowsAsync<GrpcException>(() => channel.UnaryAsync(TestService.Missing, new StringValue()));
        var slow = await Assert.ThrowsAsync<GrpcException>(() =>
            channel.UnaryAsync(TestService.Slow, new StringValue(), GrpcCallOptions.WithTimeout(TimeSpan.FromMilliseconds(300))));
        var counted = await channel.ServerStreamingAsync(TestService.Count, new Int64Value { Value = 1000 }).Select(m => m.Value).ToListAsync();
        var beforeFailure = new List<long>();
        var aborted = await Assert.ThrowsAsync<GrpcException>(async () =>
        {
            await foreach (var message in channel.ServerStreamingAsync(TestService.CountThenFail, new Int64Value { Value = 3 }))
            {
                beforeFailure.Add(message.Value);
            }
        });
        var health = await channel.CheckHealthAsync();

        Assert.Equal("hello from .NET ✓", echo.Value);
        Assert.Equal(1024 * 1024, blob.Value.Length);
        Assert.All(blob.Value, b => Assert.Equal(7, b));
        Assert.Equal("abc-123", header.Value);
        Assert.Equal((GrpcStatusCode.PermissionDenied, "no 100% ✓"), (fail.StatusCode, fail.Detail));
        Assert.Equal(GrpcStatusCode.Unimplemented, missing.StatusCode);
        Assert.Equal(GrpcStatusCode.DeadlineExceeded, slow.StatusCode);
        Assert.Equal(Enumerable.Range(1, 1000).Select(i => (long)i), counted);
        Assert.Equal([1L, 2L, 3L], beforeFailure);
        Assert.Equal((GrpcStatusCode.Aborted, "stopped after 3"), (aborted.StatusCode, aborted.Detail));
        Assert.Equal(HealthCheckResponse.Types.ServingStatus.Serving, health);
    }

    private static int Code(JsonElement results, string name) => results.GetProperty(name).GetProperty("code").GetInt32();
}
