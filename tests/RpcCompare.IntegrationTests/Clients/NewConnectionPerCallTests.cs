using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Clients;
using RpcCompare.Network;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Clients;

/// <summary>
/// --connection-mode new-per-call on every stack over TLS, counted where it is real: a relay in front of the fixtures' TLS
/// hosts counts the TCP connections it accepts, one per connection the client opens (and each one a TLS handshake).
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class NewConnectionPerCallTests(DatabaseFixture db)
{
    private const int Calls = 3;

    public static TheoryData<string> Stacks => [.. StackCatalog.Ids];

    [Theory]
    [MemberData(nameof(Stacks))]
    public async Task EveryCallOverTlsOpensAConnectionOfItsOwn(string stack) =>
        Assert.Equal(Calls, await ConnectionsForPingsAsync(stack, newConnectionPerCall: true));

    [Theory]
    [MemberData(nameof(Stacks))]
    public async Task ConcurrentCallsShareNoNewConnection(string stack) =>
        Assert.Equal(Calls, await ConnectionsForPingsAsync(stack, newConnectionPerCall: true, concurrently: true));

    [Theory]
    [MemberData(nameof(Stacks))]
    public async Task KeptConnectionsCarryEveryCallOverOne(string stack) =>
        Assert.Equal(1, await ConnectionsForPingsAsync(stack, newConnectionPerCall: false));

    /// <summary>The TCP connections a client of the stack's TLS host opened for <see cref="Calls"/> pings, one after the
    /// other or all at once. The hosts are the fixtures' (no host start of its own); a relay of its own in front of them counts this
    /// client's connections only.</summary>
    private async Task<long> ConnectionsForPingsAsync(string stack, bool newConnectionPerCall, bool concurrently = false)
    {
        // The six HTTP stacks' hosts start together, as the other TLS tests start them; wcf and wcf-http one by one.
        var tls = TlsHosts.Stacks.Contains(stack) ? await db.TlsHostsAsync() : db.TlsHosts;
        var (endpoints, options) = ((await tls.HostAsync(stack)).Ready.Endpoints, tls.Options);
        Assert.DoesNotContain(endpoints.Values, address => address.StartsWith("http://", StringComparison.Ordinal));
        await using var relay = TcpRelay.Start(NetworkProfile.Loopback, endpoints.Values);
        var through = endpoints.ToDictionary(e => e.Key, e => relay.Addresses[e.Value], StringComparer.Ordinal);
        await using (var client = GraphClients.Create(stack, through, options with { NewConnectionPerCall = newConnectionPerCall }))
        {
            async Task PingAsync(int i) => Assert.Equal($"call {i}", await client.PingAsync($"call {i}", default));
            if (concurrently)
            {
                await Task.WhenAll(Enumerable.Range(0, Calls).Select(PingAsync));
            }
            else
            {
                for (var i = 0; i < Calls; i++)
                {
                    await PingAsync(i);
                }
            }
        }
        return relay.Accepted;
    }
}
