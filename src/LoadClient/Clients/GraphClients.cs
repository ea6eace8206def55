using RpcCompare.LoadClient.Hosts;
using RpcCompare.Definitions;

namespace RpcCompare.LoadClient.Clients;

public static class GraphClients
{
    /// <summary>The client of a stack, for the endpoints a host announced (or a --target gave).</summary>
    public static IGraphClient Create(string stack, IReadOnlyDictionary<string, string> endpoints, ClientOptions options)
    {
        string Endpoint(string name) => endpoints.TryGetValue(name, out var address)
            ? address
            : throw new UserFacingException($"The {stack} host announced no '{name}' endpoint.");
        return stack switch
        {
            Stacks.Grpc => new GrpcGraphClient(new Uri(Endpoint(EndpointNames.Grpc)), options),
            Stacks.Wcf => new WcfGraphClient(new Uri(Endpoint(EndpointNames.NetTcp)), options),
            Stacks.Rest => new RestGraphClient(new Uri(options.Http2 ? Endpoint(EndpointNames.H2c) : Endpoint(EndpointNames.Http)), options),
            Stacks.GraphQl => new GraphQlGraphClient(new Uri(Endpoint(EndpointNames.Http)), options),
            _ => throw new UserFacingException($"Unknown stack '{stack}'."),
        };
    }
}
