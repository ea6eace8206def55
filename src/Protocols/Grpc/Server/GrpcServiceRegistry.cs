using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Routing;

namespace RpcCompare.Protocols.Grpc;

/// <summary>
/// The services and methods mapped in this application: tells "unknown method" from "unknown service" for
/// UNIMPLEMENTED, answers the health service's "is this a service of ours", and refuses to map a method twice.
/// </summary>
internal sealed class GrpcServiceRegistry
{
    private readonly Lock _lock = new();
    private readonly HashSet<string> _services = new(StringComparer.Ordinal);
    private readonly HashSet<string> _methods = new(StringComparer.Ordinal);
    private readonly ConditionalWeakTable<IEndpointRouteBuilder, object> _fallbackMapped = [];

    public void AddMethod(string serviceName, string fullName)
    {
        lock (_lock)
        {
            if (!_methods.Add(fullName))
            {
                throw new InvalidOperationException($"gRPC method '{fullName}' is already mapped.");
            }

            _services.Add(serviceName);
        }
    }

    public bool HasService(string serviceName)
    {
        lock (_lock)
        {
            return _services.Contains(serviceName);
        }
    }

    /// <summary>True the first time for each route builder: the catch-all UNIMPLEMENTED endpoint is mapped once per builder.</summary>
    public bool TryMarkFallbackMapped(IEndpointRouteBuilder endpoints) => _fallbackMapped.TryAdd(endpoints, this);
}
