using System.ServiceModel;
using RpcCompare.LoadClient.Clients;
using RpcCompare.UnitTests.Support.NetTcp;

namespace RpcCompare.UnitTests.NetTcp;

public sealed class RoundTripTests(NetTcpHostFixture fixture) : IClassFixture<NetTcpHostFixture>
{
    private readonly NetTcpTestHost _host = fixture.Host;

    [Theory]
    [InlineData("")]
    [InlineData("hello")]
    [InlineData("ünïcødé 链接 🚀 עברית \t\r\n <xml attr=\"&amp;\"/>")]
    public async Task PingReturnsTheStringUnchanged(string payload)
    {
        var channel = _host.CreateChannel();
        await using var _ = WcfChannels.ClosedAtEnd(channel);

        Assert.Equal(payload, await channel.PingAsync(payload));
    }

    [Fact]
    public async Task PrimitiveParametersAndResultsRoundTripExactly()
    {
        var channel = _host.CreateChannel();
        await using var _ = WcfChannels.ClosedAtEnd(channel);
        var when = new DateTime(2025, 3, 30, 1, 59, 59, DateTimeKind.Utc).AddTicks(1234567);

        Assert.Equal(long.MaxValue, await channel.AddAsync(long.MaxValue - 5, 5));
        Assert.Equal(long.MinValue, await channel.AddAsync(long.MinValue, 0));
        Assert.Equal(0.1 * 3.3, await channel.ScaleAsync(0.1, 3.3));
        Assert.Equal(double.Epsilon, await channel.ScaleAsync(double.Epsilon, 1));
        Assert.Equal(double.PositiveInfinity, await channel.ScaleAsync(double.MaxValue, 2));
        Assert.True(double.IsNaN(await channel.ScaleAsync(double.NaN, 1)));
        var shifted = await channel.ShiftAsync(when, 5);
        Assert.Equal(when.AddHours(5).Ticks, shifted.Ticks);
        Assert.Equal(DateTimeKind.Utc, shifted.Kind);
    }

    [Fact]
    public async Task NestedDataContractRoundTripsExactly()
    {
        var channel = _host.CreateChannel();
        await using var _ = WcfChannels.ClosedAtEnd(channel);
        var node = new NodeView
        {
            Id = 42,
            Name = "wörld ⊕ 世界",
            Weight = -1.5e-300,
            CreatedUtc = new DateTime(1999, 12, 31, 23, 59, 59, 999, DateTimeKind.Utc),
            Tags = ["a", "", "ключ"],
            Scores = [0.0, -0.25, double.MaxValue],
            Links = TestService.MakeLinks(42, 3),
            Parent = new NodeView { Id = 7, Name = null, Tags = [], Links = null, CreatedUtc = DateTime.SpecifyKind(DateTime.MinValue, DateTimeKind.Utc) },
        };

        var echoed = await channel.EchoNodeAsync(node);

        Assert.Equivalent(node, echoed, strict: true);
        Assert.Equal(DateTimeKind.Utc, echoed.CreatedUtc.Kind);
        Assert.All(echoed.Links!, link => Assert.Equal(DateTimeKind.Utc, link.CreatedUtc.Kind));
    }

    [Fact]
    public async Task ArraysRoundTripIncludingEmptyOnes()
    {
        var channel = _host.CreateChannel();
        await using var _ = WcfChannels.ClosedAtEnd(channel);

        int[] reversed = await channel.ReverseAsync([int.MinValue, 1, 2, 3]);
        Assert.Equal(new[] { 3, 2, 1, int.MinValue }, reversed);
        Assert.Empty(await channel.ReverseAsync([]));
        Assert.Equivalent(TestService.MakeLinks(9, 50), await channel.GetLinksAsync(9, 50), strict: true);
        Assert.Empty(await channel.GetLinksAsync(9, 0));
    }

    [Fact]
    public async Task NullArgumentsAndResultsRoundTrip()
    {
        var channel = _host.CreateChannel();
        await using var _ = WcfChannels.ClosedAtEnd(channel);

        Assert.Null(await channel.EchoNullableAsync(null));
        Assert.Equal("x", await channel.EchoNullableAsync("x"));
        Assert.Null(await channel.PingAsync(null!));
    }

    [Fact]
    public async Task OperationReturningTaskCompletesAfterTheServiceRan()
    {
        var channel = _host.CreateChannel();
        await using var _ = WcfChannels.ClosedAtEnd(channel);
        var note = Guid.NewGuid().ToString();

        await channel.RecordAsync(note);

        Assert.Contains(note, _host.Service.Notes);
        Assert.True(await channel.RecordedCountAsync() >= 1);
    }

    [Fact]
    public async Task OneChannelServesManySequentialCalls()
    {
        var channel = _host.CreateChannel();
        var control = (ICommunicationObject)channel;
        await control.OpenAsync();

        for (var i = 0; i < 500; i++)
        {
            Assert.Equal(i + 1000L, await channel.AddAsync(i, 1000));
        }

        Assert.Equal(CommunicationState.Opened, control.State);
        await control.CloseAsync();
        Assert.Equal(CommunicationState.Closed, control.State);
    }

    /// <summary>
    /// The first envelope each way carries the action, address and names in its string table; later ones only refer to
    /// them. The requests are written by WCF's encoder and read by the service; the replies the other way round.
    /// </summary>
    [Fact]
    public async Task SessionDictionaryMakesRepeatedRequestsAndRepliesSmaller()
    {
        var wire = new WireCounter();
        var channel = _host.CreateChannel(NetTcpTestHost.Counting(NetTcpTestHost.ClientBinding(), wire));
        await using var _ = WcfChannels.ClosedAtEnd(channel);
        await ((ICommunicationObject)channel).OpenAsync();

        var sizes = new List<(long Sent, long Received)>();
        for (var i = 0; i < 3; i++)
        {
            var (sent, received) = (wire.BytesSent, wire.BytesReceived);
            Assert.Equal("same payload", await channel.PingAsync("same payload"));
            sizes.Add((wire.BytesSent - sent, wire.BytesReceived - received));
        }

        Assert.True(sizes[1].Sent < sizes[0].Sent, $"second request {sizes[1].Sent} bytes, first {sizes[0].Sent}");
        Assert.True(sizes[1].Received < sizes[0].Received, $"second reply {sizes[1].Received} bytes, first {sizes[0].Received}");
        Assert.Equal(sizes[1], sizes[2]);
    }

    [Fact]
    public async Task ManyConcurrentChannelsEachGetTheirOwnResults()
    {
        var factory = _host.CreateFactory<ITestService>(null, _host.Address);

        var results = await Task.WhenAll(Enumerable.Range(0, 32).Select(async worker =>
        {
            var channel = factory.CreateChannel();
            await using var _ = WcfChannels.ClosedAtEnd(channel);
            var sums = new List<long>();
            for (var i = 0; i < 25; i++)
            {
                sums.Add(await channel.AddAsync(worker * 1000, i));
                Assert.Equal($"{worker}:{i}", await channel.PingAsync($"{worker}:{i}"));
            }

            return (worker, sums);
        }));

        Assert.All(results, r => Assert.Equal(Enumerable.Range(0, 25).Select(i => r.worker * 1000L + i), r.sums));
    }

    [Fact]
    public async Task ConcurrentCallsOnOneChannelAreAllAnswered()
    {
        var channel = _host.CreateChannel();
        await using var _ = WcfChannels.ClosedAtEnd(channel);

        var answers = await Task.WhenAll(Enumerable.Range(0, 40).Select(i => channel.PingAsync($"call {i}")));

        Assert.Equal(Enumerable.Range(0, 40).Select(i => $"call {i}"), answers);
    }
}
