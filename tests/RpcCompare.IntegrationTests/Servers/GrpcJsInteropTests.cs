using System.Globalization;
using System.Text.Json;
using Grpc.Core;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Servers;

/// <summary>
/// The gRPC host answers a gRPC implementation other than .NET's (grpc-js) as it answers the load client, in cleartext and
/// over TLS to a grpc-js that trusts only the run's certificate (and refuses the host when it does not have it).
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class GrpcJsInteropTests(DatabaseFixture db)
{
    [GrpcJsFact]
    public async Task GrpcJsCallsEveryKindOfMethodAndGetsTheHostsStatuses()
    {
        var host = await db.HostAsync("grpc");
        var hub = db.Generator.HubIds[0];

        var results = await GrpcJs.RunClientAsync(new Uri(host.Ready.Endpoints["grpc"]), hub.ToString(CultureInfo.InvariantCulture));

        await AssertTheHostsAnswersAsync(results, hub);
    }

    [GrpcJsFact]
    public async Task GrpcJsTrustingTheRunsCertificateGetsTheSameOverTls()
    {
        var tls = db.TlsHosts;
        var host = await tls.HostAsync(StackCatalog.Grpc);
        var hub = db.Generator.HubIds[0];

        var results = await GrpcJs.RunClientAsync(new Uri(host.Ready.Endpoints["grpc"]), hub.ToString(CultureInfo.InvariantCulture),
            "--tls", tls.CertificatePath);

        await AssertTheHostsAnswersAsync(results, hub);
    }

    [GrpcJsFact]
    public async Task GrpcJsWithoutTheRunsCertificateIsRefused()
    {
        var host = await db.TlsHosts.HostAsync(StackCatalog.Grpc);

        var results = await GrpcJs.RunClientAsync(new Uri(host.Ready.Endpoints["grpc"]), "1", "--tls-system-roots");

        Assert.Equal(StatusCode.Unavailable, Code(results, "ping"));
        Assert.Contains("self-signed certificate", results.GetProperty("ping").GetProperty("details").GetString(), StringComparison.Ordinal);
        Assert.Equal(StatusCode.Unavailable, Code(results, "afterErrors"));
    }

    private async Task AssertTheHostsAnswersAsync(JsonElement results, long hub)
    {
        Assert.Equal("hello from grpc-js ✓", results.GetProperty("ping").GetProperty("response").GetProperty("payload").GetString());
        Assert.Equal(1024 * 1024, results.GetProperty("bigPing").GetProperty("length").GetInt32());
        Assert.Equal(db.Spec.MaxDegree, results.GetProperty("links").GetProperty("count").GetInt32());
        var first = (await Sql.LinksAsync(db.DataSource, hub))[0];
        Assert.Equal(first.Id, results.GetProperty("links").GetProperty("first").GetProperty("id").GetInt64());
        Assert.Equal(first.Target.Name, results.GetProperty("links").GetProperty("first").GetProperty("target").GetProperty("name").GetString());
        Assert.Equal(StatusCode.OK, Code(results, "streamed"));
        Assert.Equal(db.Spec.MaxDegree, results.GetProperty("streamed").GetProperty("batches").EnumerateArray().Sum(b => b.GetInt32()));
        Assert.Equal(StatusCode.NotFound, Code(results, "notFound"));
        Assert.Contains("987654321 does not exist", results.GetProperty("notFound").GetProperty("details").GetString(), StringComparison.Ordinal);
        Assert.Equal(StatusCode.InvalidArgument, Code(results, "invalid"));
        Assert.Equal(StatusCode.Unimplemented, Code(results, "missing"));
        Assert.Equal(StatusCode.DeadlineExceeded, Code(results, "deadline"));
        Assert.Equal("SERVING", results.GetProperty("health").GetProperty("response").GetProperty("status").GetString());
        Assert.Equal(StatusCode.NotFound, Code(results, "healthUnknown"));
        Assert.Equal("still here", results.GetProperty("afterErrors").GetProperty("response").GetProperty("payload").GetString());
    }

    private static StatusCode Code(JsonElement results, string name) => (StatusCode)results.GetProperty(name).GetProperty("code").GetInt32();
}
