using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Clients;

public static class GraphClients
{
    /// <summary>The client of a stack, for the endpoints a host announced (or a --target gave).</summary>
    public static IGraphClient Create(string stack, IReadOnlyDictionary<string, string> endpoints, ClientOptions options)
    {
        string Endpoint(string name) => endpoints.TryGetValue(name, out var address)
            ? address
            : throw new UserFacingException($"The {stack} host announced no '{name}' endpoint.");
        // The catalog names each stack's endpoint; --rest-http2 picks the HTTP/2 one where the stack has it.
        Uri Address() => StackCatalog.Find(stack) is { } definition
            ? new Uri(Endpoint(options.Http2 && definition.Http2Endpoint is { } h2c ? h2c : definition.Endpoint))
            : throw new UserFacingException($"Unknown stack '{stack}'.");
        return stack switch
        {
            StackCatalog.Grpc => new GrpcGraphClient(Address(), options),
            StackCatalog.Wcf => new WcfGraphClient(Address(), options),
            StackCatalog.Rest => new RestGraphClient(Address(), options),
            StackCatalog.GraphQl => new GraphQlGraphClient(Address(), options),
            StackCatalog.GrpcCodeFirst => new CodeFirstGrpcGraphClient(Address(), options),
            StackCatalog.GrpcJson => new GrpcJsonGraphClient(Address(), options),
            StackCatalog.WcfHttp => new WcfHttpGraphClient(Address(), options),
            StackCatalog.GrpcWeb => new GrpcGraphClient(Address(), options, GrpcProtocol.GrpcWeb),
            _ => throw new UserFacingException($"Unknown stack '{stack}'."),
        };
    }
}
