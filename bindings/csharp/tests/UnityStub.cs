// SPDX-License-Identifier: MIT
// UnityStub.cs - a stand-in for the few UnityEngine names the Unity
// example of docs/csharp.md uses, so that tests/docs-examples.sh can
// compile that example with mcs and drive it (UnityDriver.cs) in `make
// check` without Unity. For compilation and that test only: it is not
// Unity, not part of the binding and never shipped. Each name keeps the
// shape the example relies on in Unity (members, types, which calls
// compile); behaviour is only what the driver needs: the log goes to
// standard output, where the test compares it.
using System;
using System.Globalization;
using System.Reflection;

namespace UnityEngine
{
    public class Object { }

    public class Component : Object
    {
        readonly Transform t = new Transform();
        public Transform transform { get { return t; } }
    }

    public class Behaviour : Component { }

    public enum SendMessageOptions { RequireReceiver, DontRequireReceiver }

    public class MonoBehaviour : Behaviour
    {
        // Unity calls a behaviour's messages (Start, FixedUpdate, Update,
        // OnDestroy) by name whatever their access, as SendMessage does;
        // the driver calls them through it the same way.
        public void SendMessage(string methodName, SendMessageOptions options)
        {
            MethodInfo m = GetType().GetMethod(methodName,
                BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic,
                null, Type.EmptyTypes, null);
            if (m == null) {
                if (options == SendMessageOptions.RequireReceiver)
                    Debug.LogError("SendMessage " + methodName + " has no receiver!");
                return;
            }
            m.Invoke(this, null);
        }

        public void SendMessage(string methodName)
        {
            SendMessage(methodName, SendMessageOptions.RequireReceiver);
        }
    }

    public class Transform : Object     // Unity: a Component; here plain, as nothing asks
    {
        public Vector3 position { get; set; }
    }

    public struct Vector3
    {
        public float x, y, z;

        public Vector3(float x, float y, float z) { this.x = x; this.y = y; this.z = z; }

        // Unity's format (two decimals), independent of the machine's
        // culture so that the test's expected output holds everywhere.
        public override string ToString()
        {
            return string.Format(CultureInfo.InvariantCulture, "({0:F2}, {1:F2}, {2:F2})", x, y, z);
        }
    }

    public static class Debug
    {
        public static void Log(object message) { Console.WriteLine("Debug.Log: " + message); }
        public static void LogError(object message) { Console.WriteLine("Debug.LogError: " + message); }
    }

    // Unity's own Grid (a tilemap layout component), here only so that
    // `Grid` is ambiguous under `using Lockstar; using UnityEngine;` as it
    // is in Unity, and the example's alias is checked to be needed.
    public class Grid : Behaviour { }
}
