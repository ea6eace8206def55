using Google.Protobuf.WellKnownTypes;
using RpcCompare.Protocols.Grpc;

namespace RpcCompare.UnitTests.Grpc;

public class GrpcConcurrencyTests(GrpcServerFixture fixture) : IClassFixture<GrpcServerFixture>
{
    private readonly TestGrpcServer _server = fixture.Server;

    [Fact]
    public async Task ManyTasksShareOneChannelAndEachGetsItsOwnReply()
    {
        using var channel = _server.CreateChannel();

        // More concurrent calls than Kestrel's 100 streams per connection, so a second connection is needed.
        var replies = await Task.WhenAll(Enumerable.Range(0, 250).Select(async worker =>
        {
            var mine = new List<string>();
            for (var i = 0; i < 20; i++)
            {
                var text = $"{worker}:{i}";
                mine.Add((await channel.UnaryAsync(TestService.Echo, new StringValue { Value = text })).Value);
            }

            return (worker, mine);
        }));

        Assert.All(replies, reply => Assert.Equal(Enumerable.Range(0, 20).Select(i => $"{reply.worker}:{i}"), reply.mine));
    }

    [Fact]
    public async Task FailingCallsDoNotDisturbConcurrentGoodOnes()
    {
        using var channel = _server.CreateChannel(new GrpcChannelOptions { MaxReceiveMessageSize = 1000 });

        var outcomes = await Task.WhenAll(Enumerable.Range(0, 200).Select(async i =>
        {
            try
            {
                return i % 2 == 0
                    ? (await channel.UnaryAsync(TestService.Echo, new StringValue { Value = i.ToString(System.Globalization.CultureInfo.InvariantCulture) })).Value
                    : (await channel.UnaryAsync(TestService.Bytes, new Int64Value { Value = 5000 })).Value.Length.ToString(System.Globalization.CultureInfo.InvariantCulture);
            }
            catch (GrpcException ex)
            {
                return ex.StatusCode.ToString();
            }
        }));

        for (var i = 0; i < outcomes.Length; i++)
        {
            Assert.Equal(i % 2 == 0 ? i.ToString(System.Globalization.CultureInfo.InvariantCulture) : nameof(GrpcStatusCode.ResourceExhausted), outcomes[i]);
        }
    }
}
