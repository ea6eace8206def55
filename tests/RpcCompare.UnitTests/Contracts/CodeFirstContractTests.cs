using System.Reflection;
using ProtoBuf.Grpc;
using RpcCompare.Contracts.CodeFirst;
using RpcCompare.Contracts.Wcf;

namespace RpcCompare.UnitTests.Contracts;

/// <summary>
/// The code-first host serves <see cref="IGraphCallService"/> while clients call it through <see cref="IGraphService"/>:
/// the two must name the same operations with the same messages, the host's adding only protobuf-net.Grpc's CallContext.
/// </summary>
public sealed class CodeFirstContractTests
{
    [Fact]
    public void TheHostsContractIsTheWcfOneWithACallContext()
    {
        var wcf = typeof(IGraphService).GetMethods().Select(m => Shape(m, m.GetParameters()));
        var served = typeof(IGraphCallService).GetMethods().Select(m =>
        {
            var parameters = m.GetParameters();
            Assert.Equal(typeof(CallContext), parameters[^1].ParameterType);
            Assert.True(parameters[^1].HasDefaultValue, $"{m.Name}'s CallContext has no default");
            return Shape(m, parameters[..^1]);
        });

        Assert.Equal(wcf.Order(StringComparer.Ordinal), served.Order(StringComparer.Ordinal));
    }

    private static string Shape(MethodInfo method, ParameterInfo[] parameters) =>
        $"{method.ReturnType} {method.Name}({string.Join(", ", parameters.Select(p => p.ParameterType))})";
}
