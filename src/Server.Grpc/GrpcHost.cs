using Microsoft.AspNetCore.Server.Kestrel.Core;
using RpcCompare.Hosting;
using RpcCompare.Protocols.Grpc;

namespace RpcCompare.Server.Grpc;

public static class GrpcHost
{
    public const int DefaultPort = 7001;

    /// <summary>Requests are small, but a 1 MiB ping payload can take up to 4 MB in UTF-8: room for that, no more.</summary>
    public const int MaxReceiveMessageSize = 8 * 1024 * 1024;

    /// <summary>
    /// gRPC the way grpc-dotnet recommends: Kestrel on an HTTP/2-only cleartext endpoint (a cleartext endpoint that also
    /// offers HTTP/1.1 would answer HTTP/1.1), no send limit so a 250,000-link answer goes through, and a receive limit set
    /// deliberately rather than left at the 4 MB default.
    /// </summary>
    public static void AddGrpcHost(this WebApplicationBuilder builder)
    {
        var setup = builder.AddGraphHost("grpc", DefaultPort);
        builder.WebHost.ConfigureKestrel(kestrel =>
            kestrel.Listen(setup, "grpc", "http", setup.Settings.Port, o => o.Protocols = HttpProtocols.Http2));
        builder.Services.AddGrpc(o =>
        {
            o.MaxReceiveMessageSize = MaxReceiveMessageSize;
            o.MaxSendMessageSize = null;
            o.EnableDetailedErrors = false;
        });

        var configuration = setup.Configuration;
        configuration.Set("implementation", "gRPC over HTTP/2 by src/Protocols/Grpc on Kestrel (Grpc.AspNetCore is not in the feed)");
        configuration.Set("protocol", "HTTP/2 cleartext (h2c), HTTP/2-only endpoint");
        configuration.Set("encoding", "protobuf (Google.Protobuf 3.25.1), no compression");
        configuration.Set("max receive message", $"{MaxReceiveMessageSize:N0} bytes");
        configuration.Set("max send message", "unlimited");
        configuration.Set("streaming variants", $"StreamLinks, StreamSearchNodes: server streaming, batches of {RpcCompare.Contracts.GraphContract.StreamBatchSize:N0}");
        configuration.Set("http2 max streams per connection", "100 (Kestrel default)");
        configuration.Set("detailed errors", "off");
    }
}
