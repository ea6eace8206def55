using Grpc.AspNetCore.Server;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.RateLimiting;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using ProtoBuf.Grpc.Server;
using RpcCompare.Contracts;
using RpcCompare.Server.Common;
using RpcCompare.Server.GrpcCodeFirst;

namespace RpcCompare.IntegrationTests.Servers;

/// <summary>
/// The code-first host's endpoints as protobuf-net.Grpc maps them: every operation of the shared contract and the two
/// streams bind, and the stream limiter's policy, an attribute on the implementing methods, reaches the stream endpoints
/// only (protobuf-net.Grpc copies the implementation's attributes into endpoint metadata).
/// </summary>
public sealed class CodeFirstEndpointTests
{
    [Fact]
    public async Task OnlyStreamsAreLimited()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Services.AddCodeFirstGrpc();
        builder.Services.AddGrpcHealthChecks();
        builder.Services.AddRateLimiter(_ => { });
        await using var app = builder.Build();

        app.MapGrpcCodeFirstHost();

        var policies = ((IEndpointRouteBuilder)app).DataSources.SelectMany(d => d.Endpoints)
            .Select(e => (Method: e.Metadata.GetMetadata<GrpcMethodMetadata>()?.Method.FullName, Policy: e.Metadata.GetMetadata<EnableRateLimitingAttribute>()?.PolicyName))
            .Where(e => e.Method?.StartsWith($"/{GraphContract.ServiceName}/", StringComparison.Ordinal) == true)
            .ToDictionary(e => e.Method![(GraphContract.ServiceName.Length + 2)..], e => e.Policy);

        Assert.Equal(
            ["CheckHealth", "CreateNode", "GetLinks", "GetNeighbourhoods", "GetNode", "GetRecords", "ListNodes", "Ping",
                "PrepareSnapshot", "SearchNodes", "StreamLinks", "StreamSearchNodes"],
            policies.Keys.Order(StringComparer.Ordinal));
        Assert.Equal(["StreamLinks", "StreamSearchNodes"], policies.Where(p => p.Value == StreamLimits.Policy).Select(p => p.Key).Order(StringComparer.Ordinal));
        Assert.Equal(10, policies.Count(p => p.Value is null));
    }
}
