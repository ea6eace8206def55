namespace RpcCompare.Protocols.GraphQl;

/// <summary>Checks that schema names follow the spec's Name production: /[_A-Za-z][_0-9A-Za-z]*/.</summary>
internal static class NameValidator
{
    public static void EnsureValid(string name, string what)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        if (!IsValid(name))
        {
            throw new ArgumentException($"\"{name}\" is not a valid GraphQL {what} name (expected /[_A-Za-z][_0-9A-Za-z]*/).", nameof(name));
        }
    }

    public static bool IsValid(string name)
    {
        if (name.Length == 0 || !(name[0] is '_' or (>= 'A' and <= 'Z') or (>= 'a' and <= 'z')))
        {
            return false;
        }

        foreach (var c in name)
        {
            if (!(c is '_' or (>= 'A' and <= 'Z') or (>= 'a' and <= 'z') or (>= '0' and <= '9')))
            {
                return false;
            }
        }

        return true;
    }
}
