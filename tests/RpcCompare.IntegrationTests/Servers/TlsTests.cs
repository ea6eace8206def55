using System.Security.Authentication;
using Grpc.Core;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Clients;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Servers;

/// <summary>
/// --security tls on every HTTP stack, against the hosts <see cref="TlsHosts"/> starts once for all of these tests: the same
/// answers as in cleartext (<see cref="EquivalenceChecks"/>), HTTPS in the ready line, and no handshake for a client
/// that does not trust the run's certificate.
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class TlsTests(DatabaseFixture db)
{
    public static TheoryData<string> Stacks => [.. TlsHosts.Stacks];

    [Theory]
    [MemberData(nameof(Stacks))]
    public async Task EveryOperationOverTlsEqualsTheSql(string stack)
    {
        var tls = await db.TlsHostsAsync();

        await new EquivalenceChecks(db, tls.Clients).AllAsync(stack);
    }

    [Fact]
    public async Task RestOverHttp2AnswersOverTlsAsOverHttp11()
    {
        var tls = await db.TlsHostsAsync();
        await using var http2 = GraphClients.Create(StackCatalog.Rest, tls.Host(StackCatalog.Rest).Ready.Endpoints, tls.Options with { Http2 = true });
        var checks = new EquivalenceChecks(db, new Dictionary<string, IGraphClient> { [StackCatalog.Rest] = http2 });

        await checks.LinksOfTheBiggestHubEqualTheSql(StackCatalog.Rest);
        await checks.PagesNodesAndNeighbourhoodsEqualTheSql(StackCatalog.Rest);
        await checks.StreamingVariantsEqualTheUnaryCalls(StackCatalog.Rest);
    }

    [Theory]
    [MemberData(nameof(Stacks))]
    public async Task AHostServesHttpsAndSaysSoInItsReadyLine(string stack)
    {
        var host = (await db.TlsHostsAsync()).Host(stack);

        var security = host.Ready.Configuration.Single(e => e.Key == "security").Value;

        Assert.All(host.Ready.Endpoints.Values, address => Assert.StartsWith("https://127.0.0.1:", address, StringComparison.Ordinal));
        Assert.Equal("TLS (CN=RpcCompare run certificate, ECDSA P-256; TLS 1.2 and 1.3 as the OS offers, server certificate only; " +
            $"ALPN {ExpectedAlpn(stack)})", security);
    }

    [Theory]
    [MemberData(nameof(Stacks))]
    public async Task AClientWithoutTheRunsCertificateIsRefused(string stack)
    {
        var tls = await db.TlsHostsAsync();
        var endpoints = tls.Host(stack).Ready.Endpoints;
        using var anotherRuns = RunCertificates.CreateForLoopback(CertificateKeyKind.EcdsaP256);
        await using var trustingTheMachine = GraphClients.Create(stack, endpoints, new ClientOptions());
        await using var trustingAnother = GraphClients.Create(stack, endpoints, new ClientOptions { TrustedCertificate = anotherRuns });

        var refusedByStore = await Assert.ThrowsAsync<GraphCallException>(() => trustingTheMachine.PingAsync("x", default));
        var refusedByPin = await Assert.ThrowsAsync<GraphCallException>(() => trustingAnother.PingAsync("x", default));

        Assert.Contains(Causes(refusedByStore), e => e is AuthenticationException);
        Assert.Contains(Causes(refusedByPin), e => e is AuthenticationException);
        Assert.Equal("still serving", await tls.Clients[stack].PingAsync("still serving", default));
    }

    private static string ExpectedAlpn(string stack) => stack switch
    {
        StackCatalog.Grpc or StackCatalog.GrpcCodeFirst => "grpc: h2",
        StackCatalog.Rest => "http: http/1.1, h2c: h2",
        _ => "http: http/1.1",
    };

    /// <summary>The exception and everything under it, a gRPC status's own exception included.</summary>
    private static IEnumerable<Exception> Causes(Exception? e)
    {
        for (; e is not null; e = e is RpcException { Status.DebugException: { } debug } ? debug : e.InnerException)
        {
            yield return e;
        }
    }
}
