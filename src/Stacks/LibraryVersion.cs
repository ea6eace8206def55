using System.Reflection;

namespace RpcCompare.Stacks;

/// <summary>The version of the package an assembly came from, as configuration reports and manifests name it.</summary>
public static class LibraryVersion
{
    /// <summary>"2.85.0" for Grpc.AspNetCore.Server 2.85.0: the informational version without its "+commit" suffix.</summary>
    public static string Of(Type type)
    {
        var assembly = type.Assembly;
        var version = assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion
            ?? assembly.GetName().Version?.ToString(3)
            ?? "unknown";
        var plus = version.IndexOf('+', StringComparison.Ordinal);
        return plus < 0 ? version : version[..plus];
    }
}
